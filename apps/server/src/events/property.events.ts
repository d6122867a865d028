/** A deal left a unit that had a tenant without one (committed): the vacancy notification's input. */
export interface PropertyVacatedEvent {
  propertyId: number;
  dealId: number;
  /** Who recorded the deal: never told about their own change. */
  actorId: number;
}
