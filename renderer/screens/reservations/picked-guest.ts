/** The guest a booking is for, as the form shows them. */
export interface PickedGuest {
  key: string;
  label: string;
  detail: string;
}
