import { useLayoutEffect, useRef, type ComponentPropsWithoutRef } from 'react';

type Props = Omit<ComponentPropsWithoutRef<'textarea'>, 'value'> & { value: string };

/** A textarea that grows with its text (001 section 9: textareas auto-grow). */
export function AutoGrowTextarea({ value, className, ...rest }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);

  // Measured after layout on every change, so the height is right from the first paint.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.height = 'auto';
    if (element.scrollHeight > 0) element.style.height = `${element.scrollHeight + 2}px`;
  }, [value]);

  return (
    <textarea
      ref={ref}
      rows={3}
      value={value}
      className={`input textarea-autogrow ${className ?? ''}`.trim()}
      {...rest}
    />
  );
}
