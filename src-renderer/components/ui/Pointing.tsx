/**
 * A mark that points along the line of text (back, previous, next): turned round where the page
 * reads right to left, so "back" still points to where the line starts. Unheard: the words beside it say it.
 */
export function Pointing({ mark }: { mark: string }) {
  return (
    <span className="pointing" aria-hidden="true">
      {mark}
    </span>
  );
}
