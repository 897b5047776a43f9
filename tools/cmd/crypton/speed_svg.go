package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// The geometry of the chart written by -svg, in SVG user units (pixels).
const (
	svgWidth      = 900
	svgLabelWidth = 210 // row names, right-aligned against the plot
	svgRightPad   = 20
	svgTop        = 64 // title, subtitle and axis labels
	svgBarHeight  = 14
	svgBarGap     = 3  // between the bars of one row
	svgRowGap     = 12 // between rows
	svgBottom     = 40

	// Ratios are drawn on a log₂ scale clamped to [1/svgMaxRatio, svgMaxRatio],
	// so that "twice as fast" and "half as fast" are bars of the same length
	// on either side of the 1.0 line.
	svgMaxRatio = 8.0
)

// svgPeers are the bars of one row, in drawing order: each names its peer in
// the bar's own label, so the chart needs no legend.
var svgPeers = []struct {
	name  string
	ratio func(speedRow) *float64
}{
	{"Go", func(r speedRow) *float64 { return r.CryptonGo }},
	{"OpenSSL", func(r speedRow) *float64 { return r.CryptonOpenSSL }},
}

// writeSpeedSVG draws rep as a horizontal bar chart of the ratios: one group
// per row, one bar per peer that has a figure, starting at a vertical line at
// 1.0. A bar to the right (green) means crypton is ahead of that peer by the
// printed factor, one to the left (red) that it is behind. Each bar is
// labelled with its peer and ratio, so the chart reads without a legend.
func writeSpeedSVG(w io.Writer, rep speedReport) error {
	type bar struct {
		peer  string
		ratio float64
	}
	type group struct {
		name string
		bars []bar
	}
	var groups []group
	for _, r := range rep.Rows {
		g := group{name: r.Algorithm}
		for _, p := range svgPeers {
			if v := p.ratio(r); v != nil && *v > 0 && !math.IsInf(*v, 0) {
				g.bars = append(g.bars, bar{p.name, *v})
			}
		}
		groups = append(groups, g)
	}

	plotLeft := float64(svgLabelWidth)
	plotWidth := float64(svgWidth - svgLabelWidth - svgRightPad)
	mid := plotLeft + plotWidth/2
	half := plotWidth / 2
	span := math.Log2(svgMaxRatio)
	x := func(ratio float64) float64 {
		l := math.Max(-span, math.Min(span, math.Log2(ratio)))
		return mid + l/span*half
	}

	height := svgTop + svgBottom
	for _, g := range groups {
		n := max(1, len(g.bars))
		height += n*svgBarHeight + (n-1)*svgBarGap + svgRowGap
	}

	var b strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", svgWidth, height, svgWidth, height)
	fmt.Fprintf(&b, `<title>crypton speed: crypton against its peers</title>`+"\n")
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="15" font-weight="bold">crypton speed ratios (right of 1.0: crypton ahead)</text>`+"\n", 10)
	fmt.Fprintf(&b, `<text x="%d" y="38" fill="#555">%s</text>`+"\n", 10, esc(svgSubtitle(rep.Machine)))

	// Scale: gridlines at powers of two, labelled, and the 1.0 line.
	for e := -int(span); e <= int(span); e++ {
		r := math.Pow(2, float64(e))
		gx := x(r)
		label := fmt.Sprintf("%g×", r)
		if e < 0 {
			label = fmt.Sprintf("1/%g×", 1/r)
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", gx, svgTop-6, gx, height-svgBottom+4)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#777" font-size="10">%s</text>`+"\n", gx, svgTop-10, esc(label))
	}

	y := svgTop
	for _, g := range groups {
		n := max(1, len(g.bars))
		gh := n*svgBarHeight + (n-1)*svgBarGap
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", plotLeft-8, float64(y)+float64(gh)/2, esc(g.name))
		if len(g.bars) == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" dominant-baseline="middle" fill="#777">no peer figure</text>`+"\n", mid+6, float64(y)+svgBarHeight/2)
		}
		for i, br := range g.bars {
			by := float64(y + i*(svgBarHeight+svgBarGap))
			bx := x(br.ratio)
			left, right := math.Min(mid, bx), math.Max(mid, bx)
			fill, anchor, lx := "#2e8b57", "start", right+4
			if br.ratio < 1 {
				fill, anchor, lx = "#c0392b", "end", left-4
			}
			label := fmt.Sprintf("vs %s %s×", br.peer, fmtRatio(br.ratio))
			fmt.Fprintf(&b, `<rect class="bar" data-peer="%s" data-ratio="%s" x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s"><title>%s: %s</title></rect>`+"\n",
				esc(br.peer), fmtRatio(br.ratio), left, by, math.Max(right-left, 1), svgBarHeight, fill, esc(g.name), esc(label))
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="%s" dominant-baseline="middle" font-size="11">%s</text>`+"\n", lx, by+svgBarHeight/2, anchor, esc(label))
		}
		y += gh + svgRowGap
	}

	fmt.Fprintf(&b, `<line class="parity" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="black" stroke-width="1.5"/>`+"\n", mid, svgTop-6, mid, height-svgBottom+4)
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="11">1.0 = same speed as the peer</text>`+"\n", mid, height-svgBottom+20)
	fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#555" font-size="10">Ratios beyond %g× are drawn at the edge; the label gives the value.</text>`+"\n", 10, height-8, svgMaxRatio)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// svgSubtitle says where the figures were measured.
func svgSubtitle(m speedMachine) string {
	s := m.CPU
	if s == "" {
		s = "unknown CPU"
	}
	s += ", " + m.GOOS + "/" + m.GOARCH + ", " + m.GoVersion
	if m.OpenSSLVersion != nil {
		s += ", " + *m.OpenSSLVersion
	}
	if m.CryptonCPU != "" {
		s += ", CRYPTON_CPU=" + m.CryptonCPU
	}
	return s
}
