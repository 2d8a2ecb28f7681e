/**
 * A text colour for a named theme colour that reads in both schemes: the shade Mantine gives text on its
 * light variant (9 on the light page, 0 on the dark one). A fixed shade ("blue.9") is dark on dark (2.2:1).
 * Text in a colour and outline badges and buttons (theme.ts) both take it.
 */
export function readableText(color: string): string {
  return `var(--mantine-color-${color}-light-color)`;
}
