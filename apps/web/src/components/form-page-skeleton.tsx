import { Skeleton } from "@/components/ui/skeleton";

/** Stands in for a form while the lists it picks from load. */
export function FormPageSkeleton({ fields = 4, label }: { fields?: number; label: string }) {
  return (
    <div className="flex flex-col gap-5 rounded-lg border p-4">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9" />
        </div>
      ))}
      <Skeleton aria-hidden="true" className="ml-auto h-9 w-24" />
    </div>
  );
}
