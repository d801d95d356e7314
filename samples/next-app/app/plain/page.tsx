/** A page without Latchkey: the baseline for the first-load JS that `next build` prints. */
export default function Plain() {
  return (
    <main>
      <h1>A page without Latchkey</h1>
      <p>
        <a href="/">Back</a>
      </p>
    </main>
  );
}
