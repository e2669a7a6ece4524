/** The application frame; sign-in, navigation and views arrive with the renderer issues. */
export function App() {
  return (
    <main>
      <h1>HR Offline</h1>
      <p>Leave, trainings, forms and notifications that keep working without a network.</p>
    </main>
  );
}
