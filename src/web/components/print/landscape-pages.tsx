/**
 * Prints the page on landscape A4 while this is rendered: the payroll register and the
 * attendance grid are wider than a portrait sheet. The app has one stylesheet
 * (cssCodeSplit: false), so an `@page` there would turn every printed page, and Chromium
 * does not take a named page (`page:`) from an absolutely placed sheet; a rule that exists
 * only while the wide sheet is on screen does neither. It comes after the stylesheet, so it
 * wins over global.css's portrait `@page` and keeps its page numbers.
 */
export function LandscapePages({ margin = '8mm 8mm 12mm' }: { margin?: string }) {
  return <style>{`@page { size: A4 landscape; margin: ${margin}; }`}</style>;
}
