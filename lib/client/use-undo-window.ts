'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The ids for which an Undo is still offered: each is kept for `ms` after `open(id)`, then dropped (and
 * `onExpire` told). One window per id; opening it again restarts its clock. Timers stop with the component.
 */
export function useUndoWindow(ms: number, onExpire?: (id: string) => void) {
  const [ids, setIds] = useState<string[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  const close = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setIds((list) => list.filter((x) => x !== id));
  }, []);

  const open = useCallback(
    (id: string) => {
      const running = timers.current.get(id);
      if (running) clearTimeout(running);
      timers.current.set(
        id,
        setTimeout(() => {
          close(id);
          expire.current?.(id);
        }, ms),
      );
      setIds((list) => (list.includes(id) ? list : [...list, id]));
    },
    [ms, close],
  );

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);

  return { ids, open, close, isOpen: useCallback((id: string) => ids.includes(id), [ids]) };
}
