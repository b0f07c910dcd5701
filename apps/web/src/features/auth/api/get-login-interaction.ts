import type { LoginInteraction } from "@cm/contracts/auth";
import { authPaths } from "@cm/contracts/auth-rules";
import { apiFetch } from "@/lib/api-client";

function isLoginInteraction(data: unknown): data is LoginInteraction {
  return typeof (data as Partial<LoginInteraction> | null)?.active === "boolean";
}

/**
 * `GET /code/interaction`: whether this browser has a login in progress the e-mail form can post
 * to, or null when that is not known (no answer, or not `loginInteractionSchema`'s shape). The
 * `/auth/start` route's loader reads it on each visit, nothing to cache: no TanStack Query and no
 * zod on the sign-in page, whose JavaScript has a budget (docs/performance.md, "Light pages").
 */
export async function getLoginInteraction(signal?: AbortSignal): Promise<LoginInteraction | null> {
  try {
    const data = await apiFetch(authPaths.interaction, { signal });
    return isLoginInteraction(data) ? data : null;
  } catch {
    return null;
  }
}
