import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from "react";
import { DisabledReason } from "@/components/disabled-reason";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useCan } from "@/hooks/use-permissions";
import { disabledReason, type PermissionRequirement } from "@/lib/permissions";

/** What RequirePermission sets on the control it disables. */
interface ControlProps {
  disabled?: boolean;
  asChild?: boolean;
  children?: ReactNode;
  "aria-label"?: string;
  "aria-describedby"?: string;
}

/**
 * The control, disabled. A link styled as a button (`<Button asChild><Link/></Button>`) cannot be
 * disabled, so it becomes a disabled button with the link's content and name.
 */
function disable(control: ReactElement<ControlProps>, describedBy: string): ReactElement {
  const { asChild, children } = control.props;
  if (control.type === Button && asChild && isValidElement<ControlProps>(children)) {
    return cloneElement(control, {
      asChild: false,
      disabled: true,
      "aria-label": children.props["aria-label"] ?? control.props["aria-label"],
      "aria-describedby": describedBy,
      children: children.props.children,
    });
  }
  return cloneElement(control, { disabled: true, "aria-describedby": describedBy });
}

export interface RequirePermissionProps {
  /** What the control needs: one permission, or any one of several. */
  permission: PermissionRequirement;
  /**
   * Without the permission: `disable` (the default) shows the control disabled, with the reason
   * on hover and focus; `hide` leaves it out, where a disabled control would say nothing useful.
   */
  mode?: "disable" | "hide";
  /** The control's own tooltip (an icon button's name) while it can be used. */
  tooltip?: string;
  /** One control: a button, a link button, a Radix trigger. */
  children: ReactElement<ControlProps>;
}

/** A control that only a user with the permission can use. */
export function RequirePermission({
  permission,
  mode = "disable",
  tooltip,
  children,
}: RequirePermissionProps) {
  const allowed = useCan(permission);
  const reasonId = useId();
  if (allowed) {
    if (!tooltip) return children;
    return (
      <Tooltip>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent>{tooltip}</TooltipContent>
      </Tooltip>
    );
  }
  if (mode === "hide") return null;
  const reason = disabledReason(permission);
  return (
    <>
      <DisabledReason reason={reason}>{disable(children, reasonId)}</DisabledReason>
      {/* The reason for screen readers, whether or not the tooltip is open. */}
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}
