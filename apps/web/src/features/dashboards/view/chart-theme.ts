import { useComputedColorScheme, useMantineTheme } from '@mantine/core';

/** Colours of a chart's text and grid that read on the page's background, light or dark. */
export function useChartTheme() {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const isDark = scheme === 'dark';
  return {
    text: isDark ? theme.colors.dark[0] : theme.colors.gray[8],
    grid: isDark ? theme.colors.dark[4] : theme.colors.gray[3],
    tooltip: {
      contentStyle: {
        background: isDark ? theme.colors.dark[7] : theme.white,
        border: `1px solid ${isDark ? theme.colors.dark[4] : theme.colors.gray[3]}`,
        borderRadius: 4,
        color: isDark ? theme.colors.dark[0] : theme.black,
      },
      itemStyle: { color: isDark ? theme.colors.dark[0] : theme.black },
      labelStyle: { color: isDark ? theme.colors.dark[0] : theme.black, fontWeight: 600 },
    },
  };
}
