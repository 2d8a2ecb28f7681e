import type { UseFormReturnType } from '@mantine/form';
import type { TDashboardFormValues } from './dashboard-form';
import type { TWidgetForm } from './widget-form';

export type TDashboardForm = UseFormReturnType<TDashboardFormValues>;

/** What a widget's settings need: the form, where the widget sits in it, and its source's columns. */
export interface TWidgetEditor {
  form: TDashboardForm;
  /** The path of the widget's fields in the form, with the trailing dot: `widgets.3.`. */
  prefix: string;
  widget: TWidgetForm;
  /** The columns of the widget's source, to pick name and value columns from. */
  columns: string[];
}
