import { useCallback, useRef, useState } from 'react';
import type { ZodType, ZodTypeDef } from 'zod';

type FormValues = Record<string, string | boolean>;
type FieldName<V> = Extract<keyof V, string>;

/**
 * Controlled form state validated by a zod schema, for the small identity forms (sign-in, reset,
 * registration, security settings). Hand-written on purpose: react-hook-form costs ~10 KB gzip,
 * and the sign-in page has a 150 KB budget for all of its JavaScript; these forms need only what is
 * here. Like react-hook-form's defaults: validate on submit, then again on every change; focus the
 * first invalid field; `setError` places a server message under a field until the field changes.
 * With `validateOnBlur`, a field's message also shows once the user leaves it (registration forms).
 */
export function useZodForm<V extends FormValues, Out>(
  schema: ZodType<Out, ZodTypeDef, unknown>,
  defaults: V,
  { validateOnBlur = false }: { validateOnBlur?: boolean } = {},
) {
  const [values, setValues] = useState<V>(defaults);
  // Fields left at least once (blur mode): their messages show before the first submit.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Partial<Record<FieldName<V>, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const elements = useRef(new Map<string, HTMLElement>());
  const pendingRef = useRef(false);

  const validate = useCallback(
    (next: V): { data: Out; errors?: undefined } | { data?: undefined; errors: Partial<Record<FieldName<V>, string>> } => {
      const result = schema.safeParse(next);
      if (result.success) return { data: result.data };
      const found: Partial<Record<FieldName<V>, string>> = {};
      for (const issue of result.error.issues) {
        const key = issue.path[0] as FieldName<V> | undefined;
        if (key !== undefined && found[key] === undefined) found[key] = issue.message;
      }
      return { errors: found };
    },
    [schema],
  );

  function focus(name: string) {
    elements.current.get(name)?.focus();
  }

  /** Changes one or more fields at once (a new start that moves the end along), checked as a change by the user is. */
  function set(changes: Partial<V>) {
    const next = { ...values, ...changes };
    const names = Object.keys(changes);
    setValues(next);
    if (submitted) setErrors(validate(next).errors ?? {});
    else if (names.some((name) => touched.has(name))) setErrors(errorsOf(next, touched));
    else if (names.some((name) => errors[name as FieldName<V>] !== undefined))
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !names.includes(key))) as typeof errors);
  }

  function update(name: FieldName<V>, value: string | boolean) {
    set({ [name]: value } as Partial<V>);
  }

  /** The schema's messages for the given fields only (the others are not the user's concern yet). */
  function errorsOf(next: V, fields: ReadonlySet<string>) {
    const all = validate(next).errors ?? {};
    return Object.fromEntries(Object.entries(all).filter(([key]) => fields.has(key))) as typeof errors;
  }

  function blur(name: FieldName<V>) {
    if (!validateOnBlur || submitted) return;
    const nextTouched = new Set(touched).add(name);
    setTouched(nextTouched);
    setErrors(errorsOf(values, nextTouched));
  }

  function ref(name: string) {
    return (element: HTMLElement | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    };
  }

  /** Props for a text-like input. */
  function field(name: FieldName<V>) {
    return {
      name,
      value: String(values[name] ?? ''),
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => update(name, event.target.value),
      onBlur: () => blur(name),
      ref: ref(name),
    };
  }

  /** Props for a checkbox. */
  function checkbox(name: FieldName<V>) {
    return {
      name,
      checked: values[name] === true,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => update(name, event.target.checked),
      ref: ref(name),
    };
  }

  function handleSubmit(onValid: (data: Out) => unknown) {
    return async (event: React.FormEvent) => {
      event.preventDefault();
      if (pendingRef.current) return;
      setSubmitted(true);
      const result = validate(values);
      const found = result.errors;
      if (found) {
        setErrors(found);
        const first = [...elements.current.keys()].find((name) => found[name as FieldName<V>] !== undefined);
        if (first) focus(first);
        return;
      }
      setErrors({});
      pendingRef.current = true;
      setPending(true);
      try {
        await onValid(result.data as Out);
      } finally {
        pendingRef.current = false;
        setPending(false);
      }
    };
  }

  function setError(name: FieldName<V>, message: string, { shouldFocus = true }: { shouldFocus?: boolean } = {}) {
    setErrors((current) => ({ ...current, [name]: message }));
    if (shouldFocus) focus(name);
  }

  function reset(next: V = defaults) {
    setValues(next);
    setErrors({});
    setSubmitted(false);
    setTouched(new Set());
  }

  return { values, errors, pending, field, checkbox, set, handleSubmit, setError, reset };
}
