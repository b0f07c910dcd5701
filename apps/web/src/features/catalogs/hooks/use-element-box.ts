import { useCallback, useRef, useState } from "react";

/**
 * An element's width and its distance from the top of the document, kept up to date as it
 * resizes (a window resize, the sidebar opening, the header wrapping onto more lines).
 */
export function useElementBox<T extends HTMLElement>() {
  const nodeRef = useRef<T | null>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });

  const ref = useCallback((node: T | null) => {
    nodeRef.current = node;
    if (!node) return;
    const measure = () => {
      const rect = node.getBoundingClientRect();
      const next = { width: rect.width, top: rect.top + window.scrollY };
      setBox((current) =>
        Math.abs(current.width - next.width) < 0.5 && Math.abs(current.top - next.top) < 0.5 ? current : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  return { ref, nodeRef, ...box };
}
