import { ColorInput, type ColorInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Colours offered first: the product's own and the spec's incident colours among them. */
const SWATCHES = ['#0a6c74', '#eb6609', '#c91010', '#1c7ed6', '#2f9e44', '#f08c00', '#7048e8', '#495057'];

/** A hex colour typed or picked (the server also takes hsl(), spec 001 §5), with a labelled eye dropper. */
export function ColourInput(props: ColorInputProps) {
  const { t } = useTranslation();
  return (
    <ColorInput
      format="hex"
      swatches={SWATCHES}
      eyeDropperButtonProps={{ 'aria-label': t('colourInput.eyeDropper') }}
      {...props}
    />
  );
}
