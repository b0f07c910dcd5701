import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createAppRouter } from "@/app/router";
import { keepSessionFresh } from "@/lib/auth";
import "@/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// Tokens renewed before they expire, in step with the other tabs, on every page: the sign-in pages
// too follow a sign-in or logout made in another tab. Server state and toasts come with the
// signed-in shell (AppProvider in app-layout.tsx).
keepSessionFresh();

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
