import type { THelpPage } from './types.ts';

/** Dashboards (list, view and edit) and reports (generate and schedule). */
export const DASHBOARD_HELP: THelpPage[] = [
  {
    url: '/dashboards',
    category: 'dashboards',
    'pt-PT': {
      title: 'Lista de dashboards',
      contents: `<p>Um dashboard junta gráficos e tabelas feitos a partir das fontes de dados da plataforma (ocorrências por categoria, leituras de sensores, pedidos por mês…). A lista mostra os dashboards que pode ver.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar dashboards por nome ou descrição</strong>; nos <strong>Filtros</strong>, escolha o estado (Ativo, Inativo, Em revisão) ou só os públicos.</p></li>
<li><p>Clique no nome para abrir o dashboard; <strong>Editar</strong> e <strong>Eliminar</strong> estão em cada linha para quem os gere.</p></li>
<li><p><strong>Novo dashboard</strong> abre o formulário de criação.</p></li>
<li><p>A coluna <strong>Público</strong> indica os que qualquer pessoa abre em /public/dashboards/{número}.</p></li>
</ul>
<h2>Permissões</h2>
<p>READ_DASHBOARD para ver os dashboards que lhe são destinados; MANAGE_DASHBOARDS para os criar, alterar e eliminar (e para ver todos).</p>
<h2>Cuidados</h2>
<ul>
<li><p>Um dashboard pode estar limitado a tipos de entidade, perfis e entidades: se um colega não o encontra, veja <strong>Quem o pode ver</strong> na edição.</p></li>
<li><p>Eliminar um dashboard pede que escreva o seu nome antes de confirmar: não se recupera.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Dashboard list',
      contents: `<p>A dashboard gathers charts and tables built from the platform's data sources (events by category, sensor readings, requests per month…). The list shows the dashboards you may see.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search dashboards by name or description</strong>; under <strong>Filters</strong>, choose the status (Active, Inactive, In revision) or only public ones.</p></li>
<li><p>Click the name to open the dashboard; <strong>Edit</strong> and <strong>Delete</strong> are on each row for those who manage them.</p></li>
<li><p><strong>New dashboard</strong> opens the creation form.</p></li>
<li><p>The <strong>Public</strong> column marks those anyone can open at /public/dashboards/{number}.</p></li>
</ul>
<h2>Permissions</h2>
<p>READ_DASHBOARD to see the dashboards meant for you; MANAGE_DASHBOARDS to create, change and delete them (and to see them all).</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A dashboard may be limited to entity profiles, roles and entities: if a colleague cannot find it, check <strong>Who may see it</strong> when editing.</p></li>
<li><p>Deleting a dashboard asks you to type its name before confirming: it cannot be recovered.</p></li>
</ul>`,
    },
  },
  {
    url: '/dashboard',
    category: 'dashboards',
    'pt-PT': {
      title: 'Ver e editar um dashboard',
      contents: `<p>Ao abrir um dashboard vê os seus widgets (gráficos circulares, de barras, tabelas, títulos e texto), dispostos conforme o tamanho do ecrã.</p>
<h2>Usar um dashboard</h2>
<ul>
<li><p><strong>Filtros</strong> (ou <strong>Escolher filtros</strong>) num widget: escolha os valores que ele deixa em aberto, como datas ou categorias, e carregue em <strong>Aplicar</strong>.</p></li>
<li><p><strong>Ver como tabela</strong> mostra os números do gráfico; <strong>Descarregar</strong> guarda a imagem (PNG, SVG) ou os dados (CSV, Excel), quando o widget o permite.</p></li>
</ul>
<h2>Editar um dashboard</h2>
<ol>
<li><p>Carregue em <strong>Editar</strong>. Em <strong>Dashboard</strong> mude o nome, a descrição, o <strong>Estado</strong> e se é <strong>Público</strong>.</p></li>
<li><p>Em <strong>Quem o pode ver</strong> limite-o a tipos de entidade, perfis e entidades; uma lista vazia não limita.</p></li>
<li><p>Em <strong>Widgets</strong>, <strong>Acrescentar widget</strong>: escolha o tipo, o <strong>Título</strong>, a <strong>Fonte de dados</strong>, a <strong>Largura</strong> em cada ecrã (grande, médio, telemóvel) e as colunas dos nomes e dos valores.</p></li>
<li><p>Em <strong>Valores fixos dos parâmetros</strong> fixe o que não deve mudar; os parâmetros em branco ficam para quem vê escolher.</p></li>
<li><p>Use <strong>Subir</strong> e <strong>Descer</strong> para ordenar os widgets e <strong>Guardar</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>READ_DASHBOARD para ver; MANAGE_DASHBOARDS para editar.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Um widget assinalado <strong>Com erros</strong> não deixa guardar: falta-lhe a fonte, o título, uma largura ou uma coluna.</p></li>
<li><p>«Não foi possível carregar este widget» costuma querer dizer que a fonte de dados falhou ou que os filtros não são válidos: verifique os filtros e use <strong>Tentar de novo</strong>.</p></li>
<li><p>Um dashboard público só abre sem sessão se também estiver ativo.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Viewing and editing a dashboard',
      contents: `<p>Opening a dashboard shows its widgets (pie charts, bar charts, tables, titles and text), laid out for the size of your screen.</p>
<h2>Using a dashboard</h2>
<ul>
<li><p><strong>Filters</strong> (or <strong>Choose filters</strong>) on a widget: pick the values it leaves open, such as dates or categories, and click <strong>Apply</strong>.</p></li>
<li><p><strong>View as a table</strong> shows the chart's figures; <strong>Download</strong> saves the image (PNG, SVG) or the data (CSV, Excel), when the widget allows it.</p></li>
</ul>
<h2>Editing a dashboard</h2>
<ol>
<li><p>Click <strong>Edit</strong>. Under <strong>Dashboard</strong> change the name, description, <strong>Status</strong> and whether it is <strong>Public</strong>.</p></li>
<li><p>Under <strong>Who may see it</strong> limit it to entity profiles, roles and entities; an empty list sets no limit.</p></li>
<li><p>Under <strong>Widgets</strong>, <strong>Add widget</strong>: choose its type, <strong>Title</strong>, <strong>Data source</strong>, its <strong>Width</strong> on each screen (large, medium, phone) and the names and values columns.</p></li>
<li><p>Under <strong>Fixed parameter values</strong> fix what should not change; parameters left blank are for viewers to choose.</p></li>
<li><p>Use <strong>Move up</strong> and <strong>Move down</strong> to order the widgets, then <strong>Save</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>READ_DASHBOARD to look; MANAGE_DASHBOARDS to edit.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A widget flagged <strong>Has errors</strong> stops the save: it lacks a source, a title, a width or a column.</p></li>
<li><p>“This widget could not be loaded” usually means the data source failed or the filters are not valid: check the filters and use <strong>Try again</strong>.</p></li>
<li><p>A public dashboard only opens without signing in when it is also active.</p></li>
</ul>`,
    },
  },
  {
    url: '/dashboard/create',
    category: 'dashboards',
    'pt-PT': {
      title: 'Criar um dashboard',
      contents: `<p>Crie um dashboard para juntar num só ecrã os números que a sua equipa acompanha.</p>
<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Dashboard</strong>: o <strong>Nome</strong> (obrigatório), a <strong>Descrição</strong> e o <strong>Estado</strong>. Deixe-o <strong>Em revisão</strong> enquanto o prepara.</p></li>
<li><p><strong>Público</strong>: só se qualquer pessoa, sem entrar, o deve poder abrir.</p></li>
<li><p>Em <strong>Quem o pode ver</strong>, escolha tipos de entidade, perfis ou entidades; deixe vazio para todos os que têm READ_DASHBOARD.</p></li>
<li><p><strong>Acrescentar widget</strong> para cada gráfico ou tabela: tipo, título, fonte de dados, largura em cada ecrã e as colunas a usar. Um widget <strong>Título</strong> ou <strong>Texto (HTML)</strong> serve para separar e explicar.</p></li>
<li><p>Carregue em <strong>Criar dashboard</strong> e abra-o para ver o resultado.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_DASHBOARDS. As fontes de dados criam-se antes em Configurações › Fontes de dados (MANAGE_DATASOURCES).</p>
<h2>Cuidados</h2>
<ul>
<li><p>As colunas dos nomes e dos valores só aparecem depois de escolher a fonte de dados.</p></li>
<li><p>Nos gráficos circulares os raios vão de 0% a 100%; com cores próprias tem de indicar as cores.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a dashboard',
      contents: `<p>Create a dashboard to bring onto one screen the figures your team follows.</p>
<h2>Step by step</h2>
<ol>
<li><p>Under <strong>Dashboard</strong>: the <strong>Name</strong> (required), <strong>Description</strong> and <strong>Status</strong>. Keep it <strong>In revision</strong> while you prepare it.</p></li>
<li><p><strong>Public</strong>: only if anyone, without signing in, should be able to open it.</p></li>
<li><p>Under <strong>Who may see it</strong>, choose entity profiles, roles or entities; leave it empty for everyone holding READ_DASHBOARD.</p></li>
<li><p><strong>Add widget</strong> for each chart or table: type, title, data source, width on each screen and the columns to use. A <strong>Title</strong> or <strong>Text (HTML)</strong> widget helps to separate and explain.</p></li>
<li><p>Click <strong>Create dashboard</strong> and open it to see the result.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_DASHBOARDS. Data sources are created beforehand under Settings › Data sources (MANAGE_DATASOURCES).</p>
<h2>Pitfalls</h2>
<ul>
<li><p>The names and values columns only appear once the data source is chosen.</p></li>
<li><p>For pie charts the radii go from 0% to 100%; with custom colors you must give the colors.</p></li>
</ul>`,
    },
  },
  {
    url: '/reports',
    category: 'dashboards',
    'pt-PT': {
      title: 'Gerar relatórios',
      contents: `<p>Os relatórios são listagens preparadas pela administração (por exemplo, ocorrências de um mês por entidade) que pode gerar em CSV, Excel (XLSX) ou PDF.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar relatórios por nome, referência ou protocolo</strong> e filtrar por categoria.</p></li>
<li><p>Cada cartão mostra os parâmetros do relatório e se é gerado <strong>Em segundo plano</strong>.</p></li>
<li><p><strong>Gerar</strong> abre a janela de geração; <strong>Agendar</strong> cria um agendamento para o receber com regularidade.</p></li>
<li><p>As secções <strong>Gerar</strong> e <strong>Agendamentos</strong> (e <strong>Modelos</strong>, para quem os gere) estão no topo da página.</p></li>
</ul>
<h2>Gerar um relatório</h2>
<ol>
<li><p>Carregue em <strong>Gerar</strong> no cartão.</p></li>
<li><p>Preencha os parâmetros pedidos (datas, entidade, categoria…) e escolha o <strong>Formato</strong>.</p></li>
<li><p>Carregue em <strong>Gerar relatório</strong>. Um relatório imediato descarrega logo; um em segundo plano mostra o progresso e, quando está pronto, fica nos seus ficheiros pessoais e recebe uma notificação.</p></li>
</ol>
<p>Em <strong>As minhas gerações recentes</strong> acompanha e descarrega os relatórios em segundo plano.</p>
<h2>Permissões</h2>
<p>GENERATE_REPORTS (ou MANAGE_REPORTS). Alguns relatórios só aparecem a utilizadores de certas entidades.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Um relatório tem um número máximo de linhas e o PDF mostra menos linhas do que o CSV ou o Excel: para dados longos prefira Excel.</p></li>
<li><p>As datas só aceitam dias passados.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Generating reports',
      contents: `<p>Reports are listings prepared by the administration (for instance, one month's events by entity) that you can generate as CSV, Excel (XLSX) or PDF.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search reports by name, reference or agreement</strong> and filter by category.</p></li>
<li><p>Each card shows the report's parameters and whether it runs <strong>In the background</strong>.</p></li>
<li><p><strong>Generate</strong> opens the generation window; <strong>Schedule</strong> creates a schedule to receive it regularly.</p></li>
<li><p>The <strong>Generate</strong> and <strong>Schedules</strong> sections (and <strong>Templates</strong>, for those who manage them) are at the top of the page.</p></li>
</ul>
<h2>Generating a report</h2>
<ol>
<li><p>Click <strong>Generate</strong> on the card.</p></li>
<li><p>Fill in the parameters it asks for (dates, entity, category…) and choose the <strong>Format</strong>.</p></li>
<li><p>Click <strong>Generate report</strong>. An immediate report downloads at once; a background one shows its progress and, once ready, lands in your personal files with a notification.</p></li>
</ol>
<p>Under <strong>My recent generations</strong> you follow and download background reports.</p>
<h2>Permissions</h2>
<p>GENERATE_REPORTS (or MANAGE_REPORTS). Some reports only show to users of certain entities.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A report has a maximum number of rows and a PDF shows fewer rows than CSV or Excel: for long data prefer Excel.</p></li>
<li><p>Date parameters only accept past days.</p></li>
</ul>`,
    },
  },
  {
    url: '/reports/schedules',
    category: 'dashboards',
    'pt-PT': {
      title: 'Agendamentos de relatórios',
      contents: `<p>Um agendamento gera um relatório sozinho, com a periodicidade escolhida, guarda o ficheiro nos ficheiros pessoais de quem o agendou e envia-o por email aos destinatários.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Agendamentos a mostrar</strong>: <strong>Os meus</strong> ou, com MANAGE_REPORTS, <strong>Todos os agendamentos</strong>.</p></li>
<li><p>A lista mostra quando corre, a <strong>Próxima geração</strong> e a <strong>Última geração</strong>.</p></li>
<li><p><strong>Gerar agora</strong> corre o agendamento já, sem esperar pela hora marcada.</p></li>
</ul>
<h2>Criar ou alterar um agendamento</h2>
<ol>
<li><p>Na lista de relatórios carregue em <strong>Agendar</strong> (ou em <strong>Novo agendamento</strong> aqui) e escolha o <strong>Relatório</strong> e o <strong>Formato</strong>.</p></li>
<li><p>Preencha os parâmetros que o relatório pede.</p></li>
<li><p>Em <strong>Quando gerar</strong>: a <strong>Periodicidade</strong> (de hora a hora, diariamente, semanalmente ou mensalmente), a hora e, conforme o caso, o dia da semana ou do mês.</p></li>
<li><p>Em <strong>Destinatários</strong> acrescente os emails que recebem o ficheiro em anexo.</p></li>
<li><p>Carregue em <strong>Criar agendamento</strong>. Desligue <strong>Agendamento ativo</strong> para o suspender sem o apagar.</p></li>
</ol>
<h2>Permissões</h2>
<p>GENERATE_REPORTS para os seus agendamentos; MANAGE_REPORTS para ver os de todos.</p>
<h2>Cuidados</h2>
<ul>
<li><p>As horas são sempre de Lisboa, seja qual for o seu fuso horário.</p></li>
<li><p>No dia 31 (ou 29, 30), nos meses mais curtos o relatório gera-se no último dia.</p></li>
<li><p>«Próxima geração: Nenhuma» quer dizer que o agendamento está desativado ou incompleto.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Report schedules',
      contents: `<p>A schedule generates a report by itself at the chosen frequency, keeps the file in the personal files of whoever scheduled it and emails it to the recipients.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Schedules to show</strong>: <strong>Mine</strong> or, with MANAGE_REPORTS, <strong>All schedules</strong>.</p></li>
<li><p>The list shows when it runs, the <strong>Next generation</strong> and the <strong>Last generation</strong>.</p></li>
<li><p><strong>Generate now</strong> runs the schedule at once, without waiting for its time.</p></li>
</ul>
<h2>Creating or changing a schedule</h2>
<ol>
<li><p>In the report list click <strong>Schedule</strong> (or <strong>New schedule</strong> here) and choose the <strong>Report</strong> and the <strong>Format</strong>.</p></li>
<li><p>Fill in the parameters the report asks for.</p></li>
<li><p>Under <strong>When to generate</strong>: the <strong>Recurrence</strong> (hourly, daily, weekly or monthly), the time and, as the case may be, the day of the week or of the month.</p></li>
<li><p>Under <strong>Recipients</strong> add the email addresses that get the file attached.</p></li>
<li><p>Click <strong>Create schedule</strong>. Switch <strong>Schedule enabled</strong> off to pause it without deleting it.</p></li>
</ol>
<h2>Permissions</h2>
<p>GENERATE_REPORTS for your own schedules; MANAGE_REPORTS to see everyone's.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Times are always Lisbon time, whatever your own time zone.</p></li>
<li><p>On day 31 (or 29, 30), shorter months generate the report on their last day.</p></li>
<li><p>“Next generation: None” means the schedule is disabled or incomplete.</p></li>
</ul>`,
    },
  },
];
