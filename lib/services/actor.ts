/** The signed-in member of staff a change is made by: recorded in audit entries and "changed by" fields. */
export interface Actor {
  /** Null for what a client does through a link sent to them. */
  id: string | null;
  email: string;
}
