import type { RefObject } from 'react';

interface PauseButtonProps {
  buttonRef: RefObject<HTMLButtonElement | null>;
  playing: boolean;
  pauseLabel: string;
  playLabel: string;
  onToggle: () => void;
}

/** Shown whenever the carousel autoplays (WCAG 2.2.2). */
export function PauseButton({ buttonRef, playing, pauseLabel, playLabel, onToggle }: PauseButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="sf-carousel__control sf-carousel__pause"
      aria-label={playing ? pauseLabel : playLabel}
      onClick={onToggle}
    >
      <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
    </button>
  );
}

interface ArrowsProps {
  previousLabel: string;
  nextLabel: string;
  onPrevious: () => void;
  onNext: () => void;
}

export function Arrows({ previousLabel, nextLabel, onPrevious, onNext }: ArrowsProps) {
  return (
    <>
      <button type="button" className="sf-carousel__control sf-carousel__prev" aria-label={previousLabel} onClick={onPrevious}>
        <Chevron />
      </button>
      <button type="button" className="sf-carousel__control sf-carousel__next" aria-label={nextLabel} onClick={onNext}>
        <Chevron />
      </button>
    </>
  );
}

/** One "Go to slide N" button per slide, the current one marked. */
export function Dots({ count, current, onGo }: { count: number; current: number; onGo: (index: number) => void }) {
  return (
    <div className="sf-carousel__dots">
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          className="sf-carousel__dot"
          aria-label={`Go to slide ${i + 1}`}
          aria-current={i === current ? 'true' : undefined}
          onClick={() => onGo(i)}
        />
      ))}
    </div>
  );
}

function Chevron() {
  return (
    <svg className="sf-carousel__chevron" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
