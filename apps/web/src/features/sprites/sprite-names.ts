import { SPRITE_NAME_MAX } from '@mip/shared';

/**
 * The icon name a file suggests: its name without the extension, lower case,
 * accents dropped, anything but letters, digits, '-' and '_' turned into '-'
 * ("Paragem Autocarro.svg" → "paragem-autocarro").
 */
export function spriteNameFromFile(fileName: string): string {
  const name = fileName
    .replace(/\.[^.]*$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, SPRITE_NAME_MAX)
    .replace(/-+$/, '');
  return name || 'icon';
}
