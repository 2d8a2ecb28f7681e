import { Box, ColorSwatch } from '@mantine/core';
import { svgDataUrl } from '../../components/svg-icon';

/** A group's icon, or its colour when it has none. */
export function GroupIcon({ icon, color, size = 24 }: { icon: string | null; color: string | null; size?: number }) {
  if (icon)
    return <Box component="img" src={svgDataUrl(icon)} alt="" w={size} h={size} style={{ objectFit: 'contain' }} />;
  return <ColorSwatch color={color ?? 'var(--mantine-color-gray-4)'} size={size * 0.75} aria-hidden />;
}
