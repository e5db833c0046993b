// jsdom has no layout and no matchMedia; this stands in for the `(min-width: …px)` queries the app uses.
type Listener = () => void;

let viewportWidth = 1280;
const listeners = new Set<Listener>();

export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const listener of listeners) listener();
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string) => {
    const minWidth = Number(query.match(/min-width:\s*(\d+)px/)?.[1] ?? 0);
    return {
      media: query,
      get matches() {
        return viewportWidth >= minWidth;
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}
