/** The errors on show, by notification id, each with the action or form it is about (when it says). */
export type TShownErrors = ReadonlyMap<string, string | undefined>;

/**
 * The errors a success answers (spec 001 §2: a success replaces the error it
 * answers): those about the same action or form — a save's success answers
 * that save's refusal and its server error. Errors about something else stay
 * (another form, a download that failed), and so does every error when the
 * success does not say what it is about.
 */
export function errorsAnsweredBy(shown: TShownErrors, about: string | undefined): string[] {
  if (about === undefined) return [];
  return [...shown].flatMap(([id, errorAbout]) => (errorAbout === about ? [id] : []));
}
