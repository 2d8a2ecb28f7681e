import { Box, ThemeIcon } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';

/** An application's logo (a data URL), or a neutral tile when it has none. */
export function ApplicationLogo({ logo, size }: { logo: string | null; size: number }) {
  if (!logo) {
    return (
      <ThemeIcon variant="light" size={size} radius="sm" aria-hidden>
        <IconApps size={Math.round(size * 0.6)} />
      </ThemeIcon>
    );
  }
  return <Box component="img" src={logo} alt="" w={size} h={size} style={{ objectFit: 'contain', flexShrink: 0 }} />;
}
