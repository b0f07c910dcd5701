import { brandMessages } from "@cm/contracts/brands";
import { ChevronRightIcon, FootprintsIcon, LogOutIcon, RotateCwIcon, UploadIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { type BrandsEntry, type Entry, type LinkEntry, visibleNavigation } from "@/app/layouts/navigation";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarSeparator,
} from "@/components/ui/sidebar";
import { useSidebar } from "@/components/ui/sidebar-context";
import { paths } from "@/config/paths";
import { useBrands } from "@/lib/api/brands/get-brands";
import { usePermissions } from "@/hooks/use-permissions";
import { useUploadInventory } from "@/hooks/use-upload-inventory";
import { signOut } from "@/lib/auth";
import { brandListProblem } from "@/lib/brand-list";

const home = paths.home;

function isCurrent(pathname: string, to: string, exact = false): boolean {
  return pathname === to || (!exact && pathname.startsWith(`${to}/`));
}

/** Picking a link in the drawer closes it, so the chosen screen is visible. */
function useCloseDrawer(): () => void {
  const { isMobile, setOpenMobile } = useSidebar();
  return () => {
    if (isMobile) setOpenMobile(false);
  };
}

function NavLinkEntry({ entry }: { entry: LinkEntry }) {
  const { pathname } = useLocation();
  const closeDrawer = useCloseDrawer();
  const active =
    (isCurrent(pathname, entry.to, entry.exact) &&
      !(entry.exceptUnder ?? []).some((path) => isCurrent(pathname, path))) ||
    (entry.alsoActiveOn ?? []).some((path) => pathname === path);
  const Icon = entry.icon;

  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={entry.tooltip ?? entry.label}>
        <Link to={entry.to} aria-current={active ? "page" : undefined} onClick={closeDrawer}>
          <Icon aria-hidden="true" />
          <span>{entry.label}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

/**
 * One link per brand from GET /api/brands. While the list loads it shows placeholders; a failed
 * call says "Brand list is not loaded" with a way to try again, an empty list "Brand list is empty".
 */
function NavBrandsEntry({ entry }: { entry: BrandsEntry }) {
  const { pathname } = useLocation();
  const { state, isMobile } = useSidebar();
  const closeDrawer = useCloseDrawer();
  const brands = useBrands();
  const problem = brandListProblem(brands);
  const links = (brands.data ?? []).map((brand) => ({
    id: brand.id,
    name: brand.name,
    to: entry.hrefFor(brand.id),
  }));
  const activeLink = links.find((link) => isCurrent(pathname, link.to));
  const Icon = entry.icon;

  if (state === "collapsed" && !isMobile) {
    return (
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton isActive={Boolean(activeLink)} aria-label={entry.tooltip ?? entry.label}>
              <Icon aria-hidden="true" />
              <span>{entry.label}</span>
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent side="right" align="start" className="min-w-48">
            <DropdownMenuLabel>{entry.tooltip ?? entry.label}</DropdownMenuLabel>
            <DropdownMenuSeparator />
            {brands.isPending ? (
              <DropdownMenuItem disabled>Loading brands…</DropdownMenuItem>
            ) : problem === brandMessages.brandListNotLoaded ? (
              <>
                <DropdownMenuItem disabled>{problem}</DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void brands.refetch()}>
                  <RotateCwIcon aria-hidden="true" />
                  Try again
                </DropdownMenuItem>
              </>
            ) : problem ? (
              <DropdownMenuItem disabled>{problem}</DropdownMenuItem>
            ) : (
              links.map((link) => (
                <DropdownMenuItem key={link.id} asChild className="aria-[current=page]:font-medium">
                  <Link to={link.to} aria-current={link === activeLink ? "page" : undefined}>
                    {link.name}
                  </Link>
                </DropdownMenuItem>
              ))
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    );
  }

  return (
    <Collapsible asChild defaultOpen={entry.defaultOpen || Boolean(activeLink)} className="group/collapsible">
      <SidebarMenuItem>
        <CollapsibleTrigger asChild>
          <SidebarMenuButton isActive={Boolean(activeLink)}>
            <Icon aria-hidden="true" />
            <span>{entry.label}</span>
            <ChevronRightIcon
              aria-hidden="true"
              className="ml-auto transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90 motion-reduce:transition-none"
            />
          </SidebarMenuButton>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <SidebarMenuSub aria-label={entry.tooltip ?? entry.label}>
            {brands.isPending ? (
              <SidebarMenuSubItem>
                <span className="sr-only">Loading brands…</span>
                <SidebarMenuSkeleton aria-hidden="true" width="60%" />
                <SidebarMenuSkeleton aria-hidden="true" width="45%" />
              </SidebarMenuSubItem>
            ) : problem === brandMessages.brandListNotLoaded ? (
              <li className="flex flex-col items-start gap-1 px-2 py-1 text-xs text-muted-foreground">
                <span>{problem}</span>
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-sm font-medium text-sidebar-foreground underline-offset-4 outline-hidden hover:underline focus-visible:ring-2 focus-visible:ring-sidebar-ring"
                  onClick={() => void brands.refetch()}
                >
                  <RotateCwIcon aria-hidden="true" className="size-3" />
                  Try again
                </button>
              </li>
            ) : problem ? (
              <li className="px-2 py-1 text-xs text-muted-foreground">{problem}</li>
            ) : (
              links.map((link) => (
                <SidebarMenuSubItem key={link.id}>
                  <SidebarMenuSubButton asChild isActive={link === activeLink}>
                    <Link
                      to={link.to}
                      aria-current={link === activeLink ? "page" : undefined}
                      onClick={closeDrawer}
                    >
                      <span>{link.name}</span>
                    </Link>
                  </SidebarMenuSubButton>
                </SidebarMenuSubItem>
              ))
            )}
          </SidebarMenuSub>
        </CollapsibleContent>
      </SidebarMenuItem>
    </Collapsible>
  );
}

function NavGroup({ label, entries }: { label: string; entries: Entry[] }) {
  const labelId = useId();
  return (
    <SidebarGroup role="group" aria-labelledby={labelId}>
      <SidebarGroupLabel id={labelId}>{label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {entries.map((entry) =>
            entry.kind === "link" ? (
              <NavLinkEntry key={entry.label} entry={entry} />
            ) : (
              <NavBrandsEntry key={entry.label} entry={entry} />
            ),
          )}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

/** While the signed-in user's permissions load: placeholders where their groups will be. */
function NavLoading() {
  return (
    <SidebarGroup>
      <span role="status" className="sr-only">
        Loading the menu…
      </span>
      <SidebarGroupContent>
        <SidebarMenu aria-hidden="true">
          {Array.from({ length: 6 }, (_, index) => (
            <SidebarMenuItem key={index}>
              <SidebarMenuSkeleton width={index % 2 ? "55%" : "70%"} />
            </SidebarMenuItem>
          ))}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

export function AppSidebar() {
  const navigate = useNavigate();
  const closeDrawer = useCloseDrawer();
  const { openUploadInventory } = useUploadInventory();
  // Groups and entries the user may not open are left out; if the permissions cannot be
  // read, only what needs none (Account) stays, and the screen says why.
  const { status, can } = usePermissions();

  const [loggingOut, setLoggingOut] = useState(false);

  /** Revokes the refresh token, forgets the tokens (in every tab) and returns to `/`. */
  async function logout() {
    closeDrawer();
    setLoggingOut(true);
    try {
      await signOut();
    } finally {
      void navigate(paths.landing.getHref(), { replace: true });
    }
  }

  return (
    <Sidebar>
      <nav aria-label="Main" className="flex h-full min-h-0 flex-col">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild size="lg" tooltip="Catalog Manager">
                <Link to={home.root.getHref()} onClick={closeDrawer}>
                  <span className="flex aspect-square size-8 items-center justify-center rounded-md bg-sidebar-primary text-sidebar-primary-foreground">
                    <FootprintsIcon aria-hidden="true" className="size-4" />
                  </span>
                  <span className="truncate text-base font-semibold">Catalog Manager</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
            {can("catalogs.manage") && (
              <SidebarMenuItem>
                <SidebarMenuButton
                  tooltip="Upload Inventory"
                  className="bg-primary font-medium text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground active:bg-primary/90 active:text-primary-foreground"
                  onClick={() => {
                    closeDrawer();
                    openUploadInventory();
                  }}
                >
                  <UploadIcon aria-hidden="true" />
                  <span>Upload Inventory</span>
                </SidebarMenuButton>
              </SidebarMenuItem>
            )}
          </SidebarMenu>
        </SidebarHeader>
        <SidebarSeparator />
        <SidebarContent>
          {status === "pending" ? (
            <NavLoading />
          ) : (
            visibleNavigation(can).map((group) => (
              <NavGroup key={group.label} label={group.label} entries={group.entries} />
            ))
          )}
        </SidebarContent>
        <SidebarSeparator />
        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton tooltip="Logout" disabled={loggingOut} onClick={() => void logout()}>
                <LogOutIcon aria-hidden="true" />
                <span>Logout</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarFooter>
      </nav>
    </Sidebar>
  );
}
