import type { CSSProperties } from 'react';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function Avatar({ name, src, size }: { name: string; src?: string | null; size?: number }) {
  const style = size ? ({ '--avatar-size': `${size}px` } as CSSProperties) : undefined;
  return (
    <span className="avatar" style={style} aria-hidden="true">
      {src ? <img src={src} alt="" /> : initialsOf(name)}
    </span>
  );
}
