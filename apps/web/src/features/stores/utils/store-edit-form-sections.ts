/** The store page's sections saved with a button of their own, in page order: their titles. */
export const storeEditFormSections = ["Basic info", "Addresses", "Brand focus"] as const;
export type StoreEditFormSection = (typeof storeEditFormSections)[number];

/** Tells the page whether a section holds changes not saved yet. */
export type UnsavedChangeHandler = (section: StoreEditFormSection, unsaved: boolean) => void;
