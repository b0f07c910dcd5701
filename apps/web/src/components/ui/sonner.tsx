import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Bottom centre: a screen's actions sit at its top right (an order's status moves) or at the ends of
 * its footer (the preview's Back and Save, New Order's Cancel and Save), and a toast at a corner
 * covered them; one that offers Undo stays 10 s, and longer while the pointer rests on it.
 */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-center"
      closeButton
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
