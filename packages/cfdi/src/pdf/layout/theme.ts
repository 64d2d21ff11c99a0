import type { CustomTableLayout } from 'pdfmake/interfaces';

/** The visual choices that distinguish one template from another. */
export interface Theme {
  id: 'clasico' | 'moderno';
  /** Headings, table headers and rules. */
  primary: string;
  /** Text on primary-coloured fills. */
  onPrimary: string;
  /** Background of alternate rows / info boxes. */
  muted: string;
  /** Header band filled with the primary colour (moderno) or a ruled box (clasico). */
  headerBand: boolean;
  tableLayout: CustomTableLayout;
  baseFontSize: number;
}

const thinGrid: CustomTableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#666666',
  vLineColor: () => '#666666',
  paddingLeft: () => 3,
  paddingRight: () => 3,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

const zebra = (muted: string): CustomTableLayout => ({
  hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length ? 0.8 : 0),
  vLineWidth: () => 0,
  hLineColor: () => '#0f766e',
  fillColor: (row) => (row > 0 && row % 2 === 0 ? muted : null),
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
});

export const THEMES: Record<Theme['id'], Theme> = {
  clasico: {
    id: 'clasico',
    primary: '#222222',
    onPrimary: '#ffffff',
    muted: '#eeeeee',
    headerBand: false,
    tableLayout: thinGrid,
    baseFontSize: 7.5,
  },
  moderno: {
    id: 'moderno',
    primary: '#0f766e',
    onPrimary: '#ffffff',
    muted: '#f0fdfa',
    headerBand: true,
    tableLayout: zebra('#f0fdfa'),
    baseFontSize: 7.5,
  },
};
