import { expect } from 'vitest';

/**
 * A field's error message, found the way assistive technology finds it: the field is
 * `aria-invalid` and its `aria-describedby` names the element holding the message.
 */
export function errorOf(field: HTMLElement): string {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return (errorId && document.getElementById(errorId)?.textContent) || '';
}
