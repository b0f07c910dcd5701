import { createContext, useContext } from "react";

export interface OpenUploadInventoryOptions {
  /** Opens on the line list step with this brand chosen (a brand's line-lists page). */
  brandId?: number;
}

export interface UploadInventoryControls {
  openUploadInventory: (options?: OpenUploadInventoryOptions) => void;
}

/**
 * Opens the one Upload Inventory dialog of the app from anywhere in the signed-in shell (the
 * sidebar, a brand's line-lists page) without importing the upload feature: the app layout
 * provides it and mounts the dialog.
 */
export const UploadInventoryContext = createContext<UploadInventoryControls | null>(null);

export function useUploadInventory(): UploadInventoryControls {
  const controls = useContext(UploadInventoryContext);
  if (!controls) throw new Error("useUploadInventory must be used inside the app layout");
  return controls;
}
