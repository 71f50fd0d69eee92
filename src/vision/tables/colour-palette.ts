/**
 * The named colours the analyser measures, each with a few sRGB prototypes. A pixel belongs to the
 * name of its nearest prototype in CIELAB, so adding a shade is adding a hex value here and
 * regenerating the model (npm run models:generate). Order is the analyser's output order.
 * The clinical meaning of each colour per operation lives in the rule tables, not here
 * (docs/design.md §5); this table only has to tell the colours apart.
 */
export const COLOUR_PALETTE = [
  { id: 'black', prototypes: ['#0d0b0a', '#1a1715', '#24201c'] },
  { id: 'dark_brown', prototypes: ['#3b2414', '#4a2c17', '#33221a', '#52341f'] },
  { id: 'brown', prototypes: ['#6b4423', '#7a4a26', '#5c3a1e', '#8b5a2b', '#70502f'] },
  { id: 'light_brown', prototypes: ['#a67b5b', '#b08560', '#c19a6b', '#9c7a52'] },
  {
    id: 'red',
    prototypes: ['#c0392b', '#b22222', '#e03c31', '#d62828', '#a52a2a', '#c8605a', '#d05a78', '#b04a5a', '#e0708a'],
  },
  { id: 'dark_red', prototypes: ['#6e1414', '#801818', '#5a0f0f', '#4a1010'] },
  { id: 'pink', prototypes: ['#f4a6b4', '#e8909c', '#ffc0cb', '#d98c96', '#e7a7a0', '#f0b8b0'] },
  { id: 'orange', prototypes: ['#e67e22', '#d35400', '#f39c12', '#e0822f'] },
  { id: 'yellow', prototypes: ['#f1c40f', '#e6c229', '#ffd700', '#d4ac0d', '#e8d040'] },
  { id: 'pale_yellow', prototypes: ['#f5e6a3', '#efe2a0', '#f8efc0', '#ede0b0'] },
  { id: 'amber', prototypes: ['#c68e17', '#b8860b', '#d4a017', '#a87a20'] },
  { id: 'green', prototypes: ['#4caf50', '#2e7d32', '#6b8e23', '#556b2f', '#8fbc3f', '#7a8a3a'] },
  { id: 'grey', prototypes: ['#9e9e9e', '#b0a89a', '#8c8c8c', '#c8bfae', '#6e6e6e', '#5a5a5a'] },
  { id: 'white', prototypes: ['#f5f5f5', '#ffffff', '#e8e8e8', '#dedede'] },
  { id: 'blue_purple', prototypes: ['#3060c0', '#6a4c9c', '#87a8d8', '#4a78b0'] },
] as const;

export type ColourName = (typeof COLOUR_PALETTE)[number]['id'];
export const COLOUR_NAMES = COLOUR_PALETTE.map((entry) => entry.id) as ColourName[];

/**
 * How much the lightness difference counts against the two chroma axes when matching a pixel to a
 * prototype. Below 1, so shading across a photo moves a pixel between shades less readily than a
 * real change of hue does.
 */
export const LIGHTNESS_WEIGHT = 0.7;
