export function App() {
  return <h1>robot-ads</h1>;
}
