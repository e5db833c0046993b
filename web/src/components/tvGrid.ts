import './tvGrid.css';
import type { CSSProperties } from 'react';

/**
 * A grid of cards that share a TV's screen (class `tv-grid`, tvGrid.css), none below its edge, which nobody
 * scrolls: the columns for `count` cards, nearest a square of cards `wide` times as wide as they are high,
 * which gives each card the most room for its type (twelve clinic cards of wide 1.3 in four columns of three).
 * Each card sizes its type by its own size (`cqh`, `cqw`).
 */
export const tvGridStyle = (count: number, wide: number) =>
  ({ '--columns': Math.max(1, Math.round(Math.sqrt(count * wide))) }) as CSSProperties;
