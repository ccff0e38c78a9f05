/** One titled part of a profile (Social Links, Photos, Kudos, ...). */
export function CardSection({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className="text-muted-foreground mb-3 text-xs font-semibold tracking-widest uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}
