import { useEffect, useState } from 'react';
import { advance } from './playback';

export interface PlaybackClock {
  simMs: number;
  playing: boolean;
  play(): void;
  pause(): void;
  /** Back to the start, playing when `autoplay`. */
  restart(autoplay: boolean): void;
  seek(simMs: number): void;
}

/**
 * A simulated clock that runs at `speed`× real time on animation frames
 * while playing, and stops at `endMs`. Changing speed keeps the position.
 */
export function usePlaybackClock(endMs: number, speed: number, startAtEnd: boolean): PlaybackClock {
  const [simMs, setSimMs] = useState(startAtEnd ? endMs : 0);
  const [playing, setPlaying] = useState(false);

  // The clock runs only while playing and not at the end; reaching the end stops the frames.
  const running = playing && simMs < endMs;

  useEffect(() => {
    if (!running) return;
    let raf = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const dt = now - last;
      last = now;
      setSimMs((s) => advance(s, dt, speed, endMs));
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [running, speed, endMs]);

  return {
    simMs: Math.min(simMs, endMs),
    playing: running,
    play: () => {
      if (simMs >= endMs) setSimMs(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    restart: (autoplay) => {
      setSimMs(0);
      setPlaying(autoplay);
    },
    seek: (ms) => {
      // A finished playback stays paused when scrubbed back.
      if (!running) setPlaying(false);
      setSimMs(Math.max(0, Math.min(endMs, ms)));
    },
  };
}
