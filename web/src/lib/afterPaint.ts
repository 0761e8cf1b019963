import { useEffect, useState } from 'react';

/**
 * Runs `task` once the frame being prepared has been painted (a timer set from the frame's
 * animation callback runs after its paint); returns what cancels it. A fetch started in an effect
 * goes out before the first paint, so one the first screen does not draw would count as part of it
 * (docs/performance.md, "The dashboard page").
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** False until the component's first frame has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
