import { AppBreadcrumbs } from "@/app/layouts/app-breadcrumbs";
import { Separator } from "@/components/ui/separator";
import { SidebarTrigger } from "@/components/ui/sidebar";
import { EnvironmentBadge } from "@/features/app-config/components/environment-badge";

export function AppHeader() {
  return (
    <header className="sticky top-0 z-10 flex h-12 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 lg:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-4" />
      <AppBreadcrumbs className="min-w-0 flex-1" />
      <EnvironmentBadge />
    </header>
  );
}
