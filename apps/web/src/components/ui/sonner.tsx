import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Bottom right: a screen's actions sit at its top right (an order's status moves, Save, Publish),
 * and a toast there covered them; one that offers Undo stays 10 s, and longer while the pointer
 * rests on it, so the next action could not be clicked.
 */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
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
