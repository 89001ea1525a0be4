// react-diff-viewer-continued imports refractor (Prism) for its built-in `highlightLanguage`
// option, which Sluice never passes: hunks are highlighted by the renderer's one highlighter
// through `renderContent` (review/hunk-view.tsx). The renderer build resolves every
// `refractor/*` import to this module (electron.vite.config.ts) so Prism and its grammars stay
// out of the bundle. Should `highlightLanguage` ever be passed, the viewer finds no registered
// language and shows plain text, which is the viewer's own fallback for unknown languages.
export const refractor = {
  registered: (): boolean => false,
  register: (): void => undefined,
  highlight(): never {
    throw new Error('Prism highlighting is not bundled; use renderContent with the highlighter.');
  },
};

/** The grammar modules' default export: no grammar. */
export default undefined;
