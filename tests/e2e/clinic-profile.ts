/**
 * The clinic every e2e run sets up before its specs (clinic.setup.ts), as a real clinic would: a name,
 * contact details, a brand colour that is not the built-in teal, and a Google review link (without one the
 * review page says reviews are not set up and counts nothing).
 */
export const E2E_CLINIC = {
  clinicName: 'Harbour Smile Studio',
  clinicEmail: 'hello@harbour-smile.test',
  clinicPhone: '020 7946 0000',
  clinicAddress: '1 Quay Street\nBristol BS1 4DJ',
  clinicWebsite: 'https://harbour-smile.example',
  brandColour: '#1f4e79',
  googleReviewLink: 'ChIJe2e-default-place',
};
