/** The signed-in member of staff a change is made by: recorded in audit entries and "changed by" fields. */
export interface Actor {
  id: string;
  email: string;
}
