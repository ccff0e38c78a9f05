import { useCallback, useRef, useState } from 'react';
import type { ZodType, ZodTypeDef } from 'zod';

type FormValues = Record<string, string | boolean>;
type FieldName<V> = Extract<keyof V, string>;

export type ZodForm<V extends FormValues, Out> = ReturnType<typeof useZodForm<V, Out>>;

/**
 * Controlled form state validated by a zod schema, for the small identity forms (sign-in, reset,
 * registration, security settings). Hand-written on purpose: react-hook-form costs ~10 KB gzip,
 * and the sign-in page has a 150 KB budget for all of its JavaScript; these forms need only what is
 * here. Like react-hook-form's defaults: validate on submit, then again on every change; focus the
 * first invalid field; `setError` places a server message under a field until the field changes.
 */
export function useZodForm<V extends FormValues, Out>(schema: ZodType<Out, ZodTypeDef, unknown>, defaults: V) {
  const [values, setValues] = useState<V>(defaults);
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

  function update(name: FieldName<V>, value: string | boolean) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors ?? {});
    else if (errors[name] !== undefined) setErrors(({ [name]: _removed, ...rest }) => rest as typeof errors);
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
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => update(name, event.target.value),
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
  }

  return { values, errors, pending, field, checkbox, handleSubmit, setError, reset };
}
