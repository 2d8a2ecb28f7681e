import { Box, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A category's icon (the server's data URL, shown through <img> so it can never run), or a neutral sign without one. */
export function EventCategoryIcon({ icon, size = 24 }: { icon: string | null; size?: number }) {
  if (icon) return <Box component="img" src={icon} alt="" w={size} h={size} style={{ objectFit: 'contain' }} />;
  return (
    <ThemeIcon variant="light" color="gray" size={size} aria-hidden>
      <IconAlertTriangle size={size * 0.65} />
    </ThemeIcon>
  );
}
