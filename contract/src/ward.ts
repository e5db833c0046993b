import { z } from 'zod';

export const wardPatientQuerySchema = z.object({
  q: z.string().trim().min(2, 'Ketik minimal 2 huruf atau angka.').max(100),
});

export const wardPatientSchema = z.object({
  id: z.number().int(),
  mrn: z.string(),
  name: z.string(),
  sex: z.enum(['L', 'P']),
  birthDate: z.string(),
  /** The room code of the current stay, if the patient is admitted. */
  admittedIn: z.string().nullable(),
});
export const wardPatientListSchema = z.array(wardPatientSchema);

export const currentAdmissionSchema = z.object({
  id: z.number().int(),
  registrationNo: z.string(),
  admittedAt: z.string(),
  room: z.object({ code: z.string(), name: z.string(), class: z.string() }),
  patient: z.object({ id: z.number().int(), mrn: z.string(), name: z.string(), sex: z.enum(['L', 'P']) }),
});
export type CurrentAdmission = z.infer<typeof currentAdmissionSchema>;
export const currentAdmissionListSchema = z.array(currentAdmissionSchema);

export const admissionListQuerySchema = z.object({ room: z.string().trim().max(40).optional() });

export const admitRequestSchema = z.object({
  patientId: z.number().int().positive(),
  roomCode: z.string().trim().min(1, 'Ruangan wajib dipilih.').max(40),
});
export const transferRequestSchema = admitRequestSchema.pick({ roomCode: true });
export const admissionParamsSchema = z.object({ id: z.coerce.number().int().positive() });
