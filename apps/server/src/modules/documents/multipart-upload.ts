import type { FastifyRequest } from 'fastify';
import { fieldErrors } from '../../http/errors.ts';
import type { TUploadedFile } from './documents.service.ts';

/** Multipart limits of the errors users can meet, mapped to the spec's file errors. */
const FILE_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'TOO_MANY_FILES',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'MISSING_FILE',
};

/** The multipart plugin's refusal of an upload as the field error users see, or the error itself. */
export function asFileError(error: unknown): unknown {
  const code = FILE_ERRORS[(error as { code?: string }).code ?? ''];
  return code ? fieldErrors([{ property: 'file', error: code }]) : error;
}

/**
 * Reads a multipart upload of text fields and at most one file (the photo and
 * PDF modals take one). The file is held in memory: it is at most the
 * plugin's fileSize limit (15 MB), and it is stored in one row anyway.
 */
export async function readSingleFileUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: TUploadedFile | null }> {
  const fields: Record<string, string> = {};
  let file: TUploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (file) throw fieldErrors([{ property: 'file', error: 'TOO_MANY_FILES' }]);
        file = { filename: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw asFileError(error);
  }
  return { fields, file };
}
