/** Placeholder: built by issue 34's portal screens. */
export default function Placeholder() {
  return null;
}
