import { z } from 'zod';

export const roomBedsSchema = z.object({
  code: z.string(),
  name: z.string(),
  class: z.string(),
  capacity: z.number().int(),
  occupied: z.number().int(),
  available: z.number().int(),
  /** Set for single-sex rooms: the free beds are for that sex only. */
  sex: z.enum(['L', 'P']).nullable(),
});
export type RoomBeds = z.infer<typeof roomBedsSchema>;

export const classBedsSchema = z.object({
  class: z.string(),
  capacity: z.number().int(),
  occupied: z.number().int(),
  available: z.number().int(),
});

export const bedsResponseSchema = z.object({
  /** When an admission, transfer or discharge, or a change of a room, last changed the picture. */
  updatedAt: z.string().nullable(),
  rooms: z.array(roomBedsSchema),
  classes: z.array(classBedsSchema),
});
export type BedsResponse = z.infer<typeof bedsResponseSchema>;
