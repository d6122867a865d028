export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
export const isoRequired = (d: Date): string => d.toISOString();
export const addMinutes = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * 60_000);
