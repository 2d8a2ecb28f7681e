import { DEFAULT_UPLOAD_MAX_MB, detectFileType, FILE_SIGNATURE_BYTES, MEGABYTE, type TFileType } from '@mip/shared';
import type { TFunction } from 'i18next';
import { notify } from '../notify';

export type TFileProblemCode = 'INVALID_FILE_TYPE' | 'TOO_MANY_FILES' | 'FILE_TOO_LARGE';

export interface TFileProblem {
  code: TFileProblemCode;
  /** The file the problem is about (none for too many files). */
  file?: string;
}

export interface TFileRules {
  accept: readonly TFileType[];
  /** Spec 001 §9: 5 MB unless the screen says otherwise (the photo and PDF modals allow 15). */
  maxMb?: number;
  maxFiles?: number;
}

/**
 * Checks files the way the server will: how many, how big, and what their
 * first bytes say they are (a PDF renamed photo.png is not a photo).
 */
export async function findFileProblem(files: File[], rules: TFileRules): Promise<TFileProblem | null> {
  const maxMb = rules.maxMb ?? DEFAULT_UPLOAD_MAX_MB;
  if (files.length > (rules.maxFiles ?? 1)) return { code: 'TOO_MANY_FILES' };
  for (const file of files) {
    if (file.size > maxMb * MEGABYTE) return { code: 'FILE_TOO_LARGE', file: file.name };
    const head = new Uint8Array(await file.slice(0, FILE_SIGNATURE_BYTES).arrayBuffer());
    const type = detectFileType(head);
    if (!type || !rules.accept.includes(type)) return { code: 'INVALID_FILE_TYPE', file: file.name };
  }
  return null;
}

/** The spec's texts (001 §8): 'Invalid File Type – The filename {file} is from an invalid type!' and the others. */
export function fileProblemText(t: TFunction, problem: TFileProblem, maxMb = DEFAULT_UPLOAD_MAX_MB) {
  return {
    title: t(`errors.${problem.code}_TITLE`),
    message: t(`errors.${problem.code}`, { file: problem.file ?? '', size: maxMb }),
  };
}

export function notifyFileProblem(t: TFunction, problem: TFileProblem, maxMb?: number) {
  notify({ kind: 'error', ...fileProblemText(t, problem, maxMb) });
}
