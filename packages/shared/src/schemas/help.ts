import { z } from 'zod';
import { LANGUAGES, missingOr } from './common.ts';
import { DEFAULT_UPLOAD_MAX_MB, type TFileType } from './documents.ts';

export const HELP_TITLE_MAX_LENGTH = 200;
export const HELP_CATEGORY_MAX_LENGTH = 100;
/** Room for a long article with tables; images go by address (uploaded ones too), so the 1 MB request limit is never near. */
export const HELP_CONTENTS_MAX_LENGTH = 200_000;
export const HELP_URL_MAX_LENGTH = 200;

/**
 * The page a help article belongs to (spec 001 §2: "the first two path segments
 * of the current route with digits removed"). An application's /app/{id}
 * prefix is left out so its pages share the product's articles, and segments
 * left empty by removing digits are dropped: '/entity/12' and '/entity' are one
 * page, the map is '/'.
 *
 * Given a route's declared path, its parameters (':id', ':token') are dropped
 * like the digits they usually stand for, so '/entity/:id' is '/entity' too and
 * a page whose parameter is not a number ('/report/:token') still has one key.
 */
export function helpUrlOf(pathname: string): string {
  const withoutApp = pathname.split(/[?#]/)[0].replace(/^\/app\/[^/]+(?=\/|$)/, '');
  const segments = withoutApp
    .split('/')
    .filter((segment) => segment !== '')
    .slice(0, 2)
    .map((segment) => (segment.startsWith(':') ? '' : segment.replace(/[0-9]/g, '')))
    .filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

/** Only a key helpUrlOf could have produced, so one page never ends up with two spellings of its article. */
const ZHelpUrl = z
  .string({ error: missingOr('MISSING_URL', 'INVALID_URL') })
  .min(1, { error: 'MISSING_URL' })
  .max(HELP_URL_MAX_LENGTH, { error: 'INVALID_URL' })
  .refine((url) => url === helpUrlOf(url), { error: 'INVALID_URL' });

const ZHelpLanguage = z.enum(LANGUAGES, { error: missingOr('MISSING_LANGUAGE', 'INVALID_LANGUAGE') });

/** GET /help/list (spec 001 §7). */
export const ZHelpListQuery = z.object({ language: ZHelpLanguage });
export type THelpListQuery = z.infer<typeof ZHelpListQuery>;

/** GET, PUT and DELETE /help/: which article, by language and page. */
export const ZHelpArticleQuery = z.object({ language: ZHelpLanguage, url: ZHelpUrl });
export type THelpArticleQuery = z.infer<typeof ZHelpArticleQuery>;

/** PUT /help/ body; contents are HTML, sanitised by the server before they are stored. */
export const ZHelpArticleInput = z.object({
  title: z
    .string({ error: missingOr('MISSING_TITLE', 'INVALID_TITLE') })
    .trim()
    .min(1, { error: 'MISSING_TITLE' })
    .max(HELP_TITLE_MAX_LENGTH, { error: 'TOO_LONG' }),
  category: z
    .string({ error: missingOr('MISSING_CATEGORY', 'INVALID_CATEGORY') })
    .trim()
    .min(1, { error: 'MISSING_CATEGORY' })
    .max(HELP_CATEGORY_MAX_LENGTH, { error: 'TOO_LONG' }),
  contents: z
    .string({ error: missingOr('MISSING_CONTENTS', 'INVALID_VALUE') })
    .min(1, { error: 'MISSING_CONTENTS' })
    .max(HELP_CONTENTS_MAX_LENGTH, { error: 'TOO_LONG' }),
});
export type THelpArticleInput = z.infer<typeof ZHelpArticleInput>;

export const ZHelpListItem = z.object({ url: z.string(), title: z.string(), category: z.string() });
export type THelpListItem = z.infer<typeof ZHelpListItem>;

export const ZHelpArticle = z.object({
  url: z.string(),
  language: z.enum(LANGUAGES),
  title: z.string(),
  category: z.string(),
  /** Sanitised HTML. */
  contents: z.string(),
  updatedAt: z.string(),
});
export type THelpArticle = z.infer<typeof ZHelpArticle>;

/** Pictures staff put in an article from their computer: checked by their bytes, spec 001 §9's default 5 MB. */
export const HELP_IMAGE_FILE_TYPES: readonly TFileType[] = ['png', 'jpeg', 'gif', 'webp'];
export const HELP_IMAGE_MAX_MB = DEFAULT_UPLOAD_MAX_MB;
/** Screenshots are shrunk to this on their longest side: sharp on a high-density screen in the help modal. */
export const HELP_IMAGE_MAX_SIDE = 2000;
/**
 * An uploaded image no article refers to is deleted once it is this old: long
 * enough for someone to finish writing the article they uploaded it for.
 */
export const HELP_IMAGE_UNUSED_HOURS = 24;

/** Where an uploaded help image is served to anyone; articles refer to it by this same-origin path. */
export const HELP_IMAGE_PATH = '/api/help/images/';
export const helpImageSrc = (id: string) => `${HELP_IMAGE_PATH}${id}`;

export const ZHelpImageParams = z.object({ id: z.string().max(100) });

/** POST /help/images: the stored image, re-encoded, and the address to put in the article. */
export const ZHelpImage = z.object({
  id: z.string(),
  src: z.string(),
  type: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type THelpImage = z.infer<typeof ZHelpImage>;
