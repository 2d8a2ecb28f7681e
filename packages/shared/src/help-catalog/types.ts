import type { THelpCategory } from './categories.ts';

/** One language's article: what the help modal shows and the editor edits. */
export interface THelpText {
  title: string;
  /** HTML in the subset the server's sanitiser keeps whole (the help editor's own markup). */
  contents: string;
}

/** A page's help in both languages, keyed as the help modal keys it (helpUrlOf of the route's path). */
export interface THelpPage {
  url: string;
  category: THelpCategory;
  'pt-PT': THelpText;
  'en-US': THelpText;
}
