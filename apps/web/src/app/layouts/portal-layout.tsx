import { portalPath } from "@cm/contracts/auth-rules";
import { fullName } from "@cm/contracts/users";
import {
  FootprintsIcon,
  LayoutGridIcon,
  LogOutIcon,
  type LucideIcon,
  ReceiptTextIcon,
  ShoppingCartIcon,
  UsersIcon,
} from "lucide-react";
import type { Cart } from "@cm/contracts/portal-orders";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { UserTypeGuard } from "@/app/layouts/user-type-guard";
import { AppProvider } from "@/app/provider";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { portalPaths } from "@/features/portal/paths";
import { SessionGuard } from "@/features/auth/components/session-guard";
import { usePortalStore } from "@/features/portal/hooks/use-portal-store";
import { usePortalMe } from "@/lib/api/portal/get-portal-me";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { useSessionUserQuery } from "@/lib/api/session/get-session-user";
import { signOut } from "@/lib/auth";
import { cn } from "@/lib/utils";

const unitsFormatter = new Intl.NumberFormat("en-US");

interface PortalNavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  active: boolean;
  /** The cart's units, when known. */
  badge?: number;
}

/**
 * The cart's units for the Cart link: the cart as the catalog and cart pages keep it once one of
 * them has read it (`usePortalCart`), else the count `GET /api/portal/me` gave. The frame reads no
 * cart itself, so the portal's first page loads none of the cart's code (its JavaScript budget).
 */
function CartUnits({
  storeId,
  fromMe,
  children,
}: {
  storeId: number;
  fromMe: number | undefined;
  children: (units: number | undefined) => React.ReactNode;
}) {
  const cached = useQuery<Cart>({ queryKey: portalKeys.cart(storeId), queryFn: skipToken }).data;
  return children(cached?.units ?? fromMe);
}

function NavLinkItem({ item }: { item: PortalNavItem }) {
  const Icon = item.icon;
  return (
    <li>
      <Link
        to={item.href}
        aria-current={item.active ? "page" : undefined}
        className={cn(
          "flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
          item.active && "bg-accent text-accent-foreground",
        )}
      >
        <Icon aria-hidden="true" className="hidden size-4 sm:block" />
        {item.label}
        {item.badge ? (
          <span
            aria-label={`${unitsFormatter.format(item.badge)} ${item.badge === 1 ? "unit" : "units"}`}
            className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs leading-5 text-primary-foreground tabular-nums"
          >
            {unitsFormatter.format(item.badge)}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/**
 * The portal's sections: Catalogs, Cart (with its units for the store shown), Orders and, for a
 * user who manages the organization's users, Users; the store (`?storeId=`) kept across them.
 */
function PortalNav() {
  const me = usePortalMe().data;
  const { pathname, search } = useLocation();
  const store = usePortalStore(me?.stores);
  if (!me) return null;
  const storeId = new URLSearchParams(search).get("storeId") ?? undefined;
  const keepStore = (href: string) =>
    storeId ? `${href}${href.includes("?") ? "&" : "?"}storeId=${storeId}` : href;
  const permissions = new Set<string>(me.permissions);
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  const canOrder = permissions.has("portal.orders.manage");

  const items = (cartUnits: number | undefined): PortalNavItem[] => [
    {
      label: "Catalogs",
      href: portalPaths.home.getHref(storeId),
      icon: LayoutGridIcon,
      active: pathname === portalPath || under(`${portalPath}/line-lists`),
    },
    ...(canOrder
      ? [
          {
            label: "Cart",
            href: portalPaths.cart.getHref(storeId),
            icon: ShoppingCartIcon,
            active: under(`${portalPath}/cart`),
            badge: cartUnits,
          },
        ]
      : []),
    {
      label: "Orders",
      href: portalPaths.orders.getHref(storeId),
      icon: ReceiptTextIcon,
      active: under(`${portalPath}/orders`),
    },
    ...(permissions.has("portal.users.manage")
      ? [
          {
            label: "Users",
            href: keepStore(portalPaths.users.getHref()),
            icon: UsersIcon,
            active: under(`${portalPath}/users`),
          },
        ]
      : []),
  ];

  const render = (cartUnits: number | undefined) => (
    <nav aria-label="Portal" className="mx-auto w-full max-w-6xl px-4 lg:px-6">
      <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-2">
        {items(cartUnits).map((item) => (
          <NavLinkItem key={item.label} item={item} />
        ))}
      </ul>
    </nav>
  );
  return canOrder && store ? (
    <CartUnits storeId={store.id} fromMe={me.stores.find((entry) => entry.id === store.id)?.cartUnits}>
      {render}
    </CartUnits>
  ) : (
    render(undefined)
  );
}

/**
 * The customer portal's frame (issue 34): a header with the product, the signed-in user, Sign out
 * and the portal's sections, and the portal's screens below; no staff sidebar. Phone first: one
 * column at 390 px, the sections scrolling sideways when they do not fit.
 */
export function PortalLayout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const user = useSessionUserQuery().data;
  const [signingOut, setSigningOut] = useState(false);
  const loading = navigation.state === "loading";

  async function logout() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      void navigate(paths.landing.getHref(), { replace: true });
    }
  }

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-3 px-4 lg:px-6">
          <Link to={portalPath} className="flex min-w-0 items-center gap-2 font-semibold">
            <span className="flex aspect-square size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
              <FootprintsIcon aria-hidden="true" className="size-4" />
            </span>
            <span className="truncate">Catalog Manager</span>
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            {user ? (
              <span className="hidden truncate text-sm text-muted-foreground sm:inline">
                {fullName(user)}
              </span>
            ) : null}
            <Button variant="ghost" size="sm" onClick={() => void logout()} disabled={signingOut}>
              <LogOutIcon aria-hidden="true" />
              Sign out
            </Button>
          </div>
        </div>
        {user ? (
          <p className="mx-auto w-full max-w-6xl truncate px-4 pb-2 text-sm text-muted-foreground sm:hidden">
            Signed in as {fullName(user)}
          </p>
        ) : null}
        <PortalNav />
      </header>
      <div
        aria-hidden="true"
        data-loading={loading}
        className="pointer-events-none h-0.5 w-full origin-left scale-x-0 bg-primary opacity-0 transition-[transform,opacity] duration-500 data-[loading=true]:scale-x-75 data-[loading=true]:opacity-100"
      />
      <main
        id="main-content"
        tabIndex={-1}
        aria-busy={loading}
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col p-4 outline-none lg:p-6"
      >
        <Outlet />
      </main>
    </div>
  );
}

/** The portal kept for a signed-in customer user, as the router loads it (on demand); staff go to `/home`. */
export default function SignedInPortalLayout() {
  return (
    <SessionGuard>
      <AppProvider>
        <UserTypeGuard type="external">
          <PortalLayout />
        </UserTypeGuard>
      </AppProvider>
    </SessionGuard>
  );
}
