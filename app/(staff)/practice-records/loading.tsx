export default function PracticeRecordsLoading() {
  return (
    <p role="status" className="py-12 text-center text-muted-foreground">
      Loading...
    </p>
  );
}
